/** The project's zone from its structures' centre: the domain's rule, shared with the project form. */
export { timeZoneAt } from '@linewalker/domain/projects/zoneAt';
