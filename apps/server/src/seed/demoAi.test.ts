import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginToken } from '../testing/factories.ts';
import { createTestApp, type TestContext } from '../testing/testApp.ts';
import { loadDemoAi } from './demoAi.ts';

describe('demo AI models', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('loads a model ready to train, once', async () => {
    expect(await loadDemoAi(ctx.app.deps)).toBe(120);
    expect(await loadDemoAi(ctx.app.deps)).toBe(0);
    const pm = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'project_manager')));
    const models = (await ctx.app.inject({ url: '/api/v1/ai/models', headers: pm })).json();
    expect(
      models.map((m: { model_class_name: string; state: string; imgs_ready_for_training: number }) => [
        m.model_class_name,
        m.state,
        m.imgs_ready_for_training,
      ]),
    ).toEqual([['Orange Marker', 'Ready to Train', 120]]);
  }, 120_000);
});
