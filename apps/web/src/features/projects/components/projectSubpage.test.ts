import { describe, expect, it } from 'vitest';
import { resolveSubpage } from './projectSubpage.ts';

const q = (s = '') => new URLSearchParams(s);

describe('resolveSubpage (spec 1 §2 project page frame, §6 sub-pages by role)', () => {
  it('defaults to overview and keeps a sub-page the role may see', () => {
    expect(resolveSubpage(undefined, q(), 'super_admin')).toBe('overview');
    expect(resolveSubpage('assignment', q(), 'project_manager')).toBe('assignment');
    expect(resolveSubpage('upload', q(), 'inspector')).toBe('upload');
  });

  it('gives the default for an unknown sub-page or one the role may not see', () => {
    expect(resolveSubpage('nonsense', q(), 'super_admin')).toBe('overview');
    expect(resolveSubpage('assignment', q(), 'customer')).toBe('overview');
    expect(resolveSubpage('pilots', q(), 'inspector')).toBe('overview');
    expect(resolveSubpage('inspect', q(), 'user')).toBe('overview');
  });

  it('opens inspect for inspectionId or imageId, when the role may inspect', () => {
    expect(resolveSubpage(undefined, q('inspectionId=4'), 'inspector')).toBe('inspect');
    expect(resolveSubpage('archive', q('imageId=9'), 'customer')).toBe('inspect');
    expect(resolveSubpage(undefined, q('inspectionId=4'), 'user')).toBe('overview');
  });
});
