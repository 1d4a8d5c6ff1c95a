import {
  DEFAULT_TIER_ID,
  type ProjectFormMode,
  type ProjectListItem,
  projectFormDefaults,
} from '@linewalker/domain';

/** What the Create/Edit Project form edits (spec 1 §3, §9). */
export type ProjectFormState = ReturnType<typeof projectFormDefaults>;

/** New project: the spec 1 §9 defaults from the domain; edit: the project as it is. */
export function initialFormValues(
  mode: ProjectFormMode,
  today: string,
  project?: ProjectListItem,
): ProjectFormState {
  if (mode === 'create' || !project) return projectFormDefaults(today);
  return {
    company_id: project.company_id,
    ptype_id: project.ptype_id,
    project_name: project.project_name,
    closest_city: project.closest_city ?? '',
    start_date: project.start_date,
    due_date: project.due_date,
    num_pilots: project.num_pilots,
    structure_assignment_type: project.structure_assignment_type,
    inspection_type: project.inspection_type,
    photo_limit: project.photo_limit,
    ptier_id: project.ptier_id ?? DEFAULT_TIER_ID,
    pilot_struct_day: project.pilot_struct_day,
  };
}
