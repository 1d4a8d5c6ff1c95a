import { describe, expect, it } from 'vitest';
import { findProjectBySlug, nameFromSlug, projectSlug, sameProjectName } from './slug.ts';

describe('project slugs', () => {
  it('lower-cases the name and turns each space into a hyphen', () => {
    expect(projectSlug('Duke Energy North 2024')).toBe('duke-energy-north-2024');
    expect(projectSlug('  Two  Spaces ')).toBe('two--spaces');
  });

  it('reads dashes back as spaces', () => {
    expect(nameFromSlug('duke-energy-north-2024')).toBe('duke energy north 2024');
  });

  it('finds the project case-insensitively, also from an encoded route segment', () => {
    const projects = [{ project_name: 'Duke Energy North' }, { project_name: 'Zürich Süd' }];
    expect(findProjectBySlug(projects, 'duke-energy-north')).toBe(projects[0]);
    expect(findProjectBySlug(projects, 'DUKE-ENERGY-NORTH')).toBe(projects[0]);
    expect(findProjectBySlug(projects, encodeURIComponent('zürich-süd'))).toBe(projects[1]);
    expect(findProjectBySlug(projects, 'duke-energy')).toBeUndefined();
    expect(findProjectBySlug(projects, '%E0%A4%A')).toBeUndefined();
  });

  it('round-trips every name without blocked characters', () => {
    for (const name of ['A B C', 'Ohio 138kV', 'Ärger Linie']) {
      expect(sameProjectName(nameFromSlug(projectSlug(name)), name)).toBe(true);
    }
  });
});
