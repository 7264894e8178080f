package com.tampahandyman.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
