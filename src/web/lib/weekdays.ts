/** Weekdays in the order the staff pages show them: Monday first (Sunday = 0, as in WeeklyRange); their names come from src/domain/format.ts. */

/** Monday to Sunday. */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;
