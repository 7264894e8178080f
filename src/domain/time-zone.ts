/** The business time zone: every slot and every time a person sees is in Tampa time. */
export const BUSINESS_TIME_ZONE = 'America/New_York';
