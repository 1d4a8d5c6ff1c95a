import { describe, expect, it } from 'vitest';
import { AiModelCreateBody, aiModelSlug, aiModelState, aiTrainingPercent, isAiImagePath } from './ai.ts';

describe('AI model rules', () => {
  it('slugs the class name: lower case, spaces to hyphens', () => {
    expect(aiModelSlug('Cracked Insulator')).toBe('cracked-insulator');
    expect(aiModelSlug('Bird  Nest ')).toBe('bird--nest');
  });
  it('rounds the training progress down', () => {
    expect(aiTrainingPercent(2, 3)).toBe(66);
    expect(aiTrainingPercent(0, 0)).toBe(0);
    expect(aiTrainingPercent(5, 5)).toBe(100);
  });
  it('derives the state: training, trained and current, ready at 100, waiting for markup or images', () => {
    const base = { training: false, trainedAndCurrent: false, imgsTotal: 0, imgsReady: 0 };
    expect(aiModelState(base)).toBe('Waiting for Images');
    expect(aiModelState({ ...base, imgsTotal: 150, imgsReady: 99 })).toBe('Waiting for Markup');
    expect(aiModelState({ ...base, imgsTotal: 150, imgsReady: 100 })).toBe('Ready to Train');
    expect(aiModelState({ ...base, imgsReady: 100, trainedAndCurrent: true })).toBe('Trained');
    expect(aiModelState({ ...base, imgsReady: 100, trainedAndCurrent: true, training: true })).toBe(
      'Training',
    );
  });
  it('takes .jpg, .jpeg and .png by name, never hidden files or folders', () => {
    expect(isAiImagePath('a/b/DJI_0001.JPG')).toBe(true);
    expect(isAiImagePath('x.jpeg')).toBe(true);
    expect(isAiImagePath('x.png')).toBe(true);
    expect(isAiImagePath('x.heic')).toBe(false);
    expect(isAiImagePath('.thumbs/x.jpg')).toBe(false);
  });
  it('holds back 0 to 100 percent, whole numbers', () => {
    for (const holdback_pct of [0, 15, 100]) {
      expect(AiModelCreateBody.safeParse({ className: 'A', holdback_pct }).success).toBe(true);
    }
    for (const holdback_pct of [-1, 101, 2.5]) {
      expect(AiModelCreateBody.safeParse({ className: 'A', holdback_pct }).success).toBe(false);
    }
    expect(AiModelCreateBody.safeParse({ className: '  ', holdback_pct: 10 }).success).toBe(false);
  });
});
