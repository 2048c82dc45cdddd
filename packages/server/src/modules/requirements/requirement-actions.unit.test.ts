import { describe, expect, it } from 'vitest';
import { requirementTypeActions } from '@touchline/contracts/requirement-actions';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { ActorContext } from '../../authz/actor-context.ts';
import {
  actionHolders,
  mayTakeAction,
  requirementActionMatrix,
} from '../../requirement-core/requirement-actions.policy.ts';
import { checkUpload } from '../../requirement-core/requirement-upload.ts';
import {
  addReport,
  mergeIntervals,
  progressEventDue,
  watchedInOrder,
  watchedPercent,
} from './video-progress.ts';

describe('video progress', () => {
  it('merges overlapping and nearly touching intervals, clamped to the duration', () => {
    expect(
      mergeIntervals(
        [
          [5, 10],
          [0, 4.5],
          [9, 12],
          [20, 130],
        ],
        100,
      ),
    ).toEqual([
      [0, 12],
      [20, 100],
    ]);
  });

  it('counts only the stretch watched in order from the start: seeking ahead adds nothing', () => {
    const merged = mergeIntervals(
      [
        [0, 10],
        [50, 100],
      ],
      100,
    );
    expect(watchedInOrder(merged)).toBe(10);
    expect(watchedPercent(merged, 100)).toBe(10);
    expect(watchedInOrder(mergeIntervals([[30, 100]], 100))).toBe(0);
  });

  it('never adds more new seconds than the elapsed time plus slack (real time), and keeps the earliest', () => {
    expect(addReport([], [[0, 100]], 100, 0)).toEqual([[0, 2]]);
    expect(addReport([[0, 2]], [[0, 100]], 100, 10)).toEqual([[0, 14]]);
    expect(addReport([[0, 14]], [[0, 14]], 100, 0)).toEqual([[0, 14]]);
  });

  it('counts a video played at 4× at real time: ten seconds of clock add twelve seconds at most', () => {
    let known = addReport([], [], 100, 0);
    for (let i = 0; i < 3; i += 1) known = addReport(known, [[i * 40, i * 40 + 40]], 100, 10);
    expect(watchedPercent(known, 100)).toBe(12);
  });

  it('records a progress event for the first report and each new 10% step only', () => {
    expect(progressEventDue(null, 0)).toBe(true);
    expect(progressEventDue(0, 9.9)).toBe(false);
    expect(progressEventDue(9.9, 10)).toBe(true);
    expect(progressEventDue(12, 19.9)).toBe(false);
    expect(progressEventDue(12, 35)).toBe(true);
    expect(progressEventDue(40, 40)).toBe(false);
    expect(progressEventDue(40, 30)).toBe(false);
  });
});

describe('upload type checks', () => {
  const check = (text: string, name = 'upload') =>
    checkUpload({ bytes: Buffer.from(text), originalName: name });

  it('takes a text type by its name once the bytes are plain text, and refuses what does not match', async () => {
    expect((await check('<?xml version="1.0"?><a/>', 'a.xml')).extension).toBe('xml');
    expect((await check('a,b,c\n1,2,3\n4,5,6\n', 'scores.csv')).extension).toBe('csv');
    expect((await check('just a note\nsecond line', 'note.txt')).extension).toBe('txt');
    await expect(check('just a note', 'upload')).rejects.toMatchObject({ statusCode: 400 });
    await expect(check('MZ\u0000\u0000\u0003', 'notes.txt')).rejects.toMatchObject({ statusCode: 400 });
    await expect(check('GIF89a\u0001\u0000', 'a.png')).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('the permission matrix', () => {
  const ctx = (grants: ActorContext['grants'] = []): ActorContext => ({
    userId: 'u',
    profileId: 'actor',
    organizationId: 'o',
    platformAdmin: false,
    grants,
  });
  const grant = (role: 'Manager' | 'Director', levelPath: string) => ({
    profileLevelAccessId: 'p',
    hierarchyLevelId: 'l',
    levelPath,
    labelId: 'x',
    role,
  });
  const target = {
    profileId: 'member',
    guardianProfileId: 'guardian',
    levelPath: '/r/d/t/',
    type: RequirementType.Document,
  };

  it('names only actions the spec lists for each type', () => {
    for (const [type, row] of Object.entries(requirementActionMatrix))
      for (const action of Object.keys(row))
        if (actionHolders(Number(type) as RequirementType, action as never).length > 0)
          expect(requirementTypeActions[Number(type) as RequirementType]).toContain(action);
  });

  it('the member and their guardian complete; managers above mark; directors delete; only the member runs a background check', () => {
    expect(mayTakeAction({ ...ctx(), profileId: 'member' }, target, 'upload')).toBe(true);
    expect(mayTakeAction({ ...ctx(), profileId: 'guardian' }, target, 'upload')).toBe(true);
    expect(mayTakeAction(ctx([grant('Manager', '/r/d/')]), target, 'upload')).toBe(false);
    expect(mayTakeAction(ctx([grant('Manager', '/r/d/')]), target, 'markComplete')).toBe(true);
    expect(mayTakeAction(ctx([grant('Manager', '/r/other/')]), target, 'markComplete')).toBe(false);
    expect(mayTakeAction(ctx([grant('Manager', '/r/')]), target, 'delete')).toBe(false);
    expect(mayTakeAction(ctx([grant('Director', '/r/')]), target, 'delete')).toBe(true);
    const check = { ...target, type: RequirementType.BackgroundCheck };
    expect(mayTakeAction(ctx([grant('Director', '/r/')]), check, 'run')).toBe(false);
    expect(mayTakeAction(ctx([grant('Manager', '/r/d/')]), check, 'run')).toBe(false);
    expect(mayTakeAction({ ...ctx(), profileId: 'member' }, check, 'run')).toBe(true);
    expect(mayTakeAction({ ...ctx(), profileId: 'guardian' }, check, 'run')).toBe(true);
    const waiver = { ...target, type: RequirementType.Waiver };
    expect(mayTakeAction(ctx([grant('Director', '/r/')]), waiver, 'markComplete')).toBe(false);
  });
});
