package com.tampahandyman.pro;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
