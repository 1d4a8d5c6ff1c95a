import { describe, expect, it } from 'vitest';
import { resolveSubpage } from './projectSubpage.ts';

const q = (s = '') => new URLSearchParams(s);
const show = (subpage: string) => ({ kind: 'show', subpage });

describe('resolveSubpage (spec 1 §2 project page frame, §6 sub-pages by role)', () => {
  it('defaults to overview and keeps a sub-page the role may see', () => {
    expect(resolveSubpage(undefined, q(), 'super_admin')).toEqual(show('overview'));
    expect(resolveSubpage('assignment', q(), 'project_manager')).toEqual(show('assignment'));
    expect(resolveSubpage('upload', q(), 'inspector')).toEqual(show('upload'));
  });

  it('reports an unknown sub-page, and one the role may not see, instead of showing the overview', () => {
    expect(resolveSubpage('nonsense', q(), 'super_admin')).toEqual({
      kind: 'unknown',
      requested: 'nonsense',
    });
    expect(resolveSubpage('assignment', q(), 'customer')).toEqual({
      kind: 'forbidden',
      subpage: 'assignment',
    });
    expect(resolveSubpage('pilots', q(), 'inspector')).toEqual({ kind: 'forbidden', subpage: 'pilots' });
    expect(resolveSubpage('inspect', q(), 'user')).toEqual({ kind: 'forbidden', subpage: 'inspect' });
  });

  it('opens inspect for inspectionId or imageId, when the role may inspect', () => {
    expect(resolveSubpage(undefined, q('inspectionId=4'), 'inspector')).toEqual(show('inspect'));
    expect(resolveSubpage('archive', q('imageId=9'), 'customer')).toEqual(show('inspect'));
    expect(resolveSubpage(undefined, q('inspectionId=4'), 'user')).toEqual(show('overview'));
  });
});
