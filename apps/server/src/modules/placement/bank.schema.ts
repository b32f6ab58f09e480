import { z } from 'zod';
import { LANGUAGES } from '@medenglish/shared';
import { questionContent } from '../questions/index.js';

/** The content file of a placement test model (src/demo/placement/bank.json). */
export const bankQuestion = questionContent.extend({
  media: z
    .object({
      filename: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
      type: z.enum(['img', 'audio']),
      audioAttribution: z.string().optional(),
    })
    .optional(),
  /**
   * Difficulty on the CEFR ability scale (modules/placement/irt/scale.ts), written by
   * `npm run placement:calibrate` from learners' answers; absent, it is the middle of `level`.
   */
  difficulty: z.number().min(-6).max(6).optional(),
  /**
   * Discrimination per CEFR level, written with the difficulty by the calibration (its range,
   * irt/calibrate.ts); absent, the scoring's common one (irt/model.ts, SCORING_DISCRIMINATION).
   */
  discrimination: z.number().min(0.3).max(5).optional(),
});
export type BankQuestion = z.infer<typeof bankQuestion>;

export const bankFile = z.object({
  testModelId: z.string().min(1),
  descriptionKN: z.string().min(1),
  descriptionRC: z.string().min(1),
  descriptionOC: z.string().min(1),
  /** The intro texts in the interface languages other than the test's own (English). */
  translations: z
    .partialRecord(
      z.enum(LANGUAGES),
      z.object({
        descriptionKN: z.string().min(1),
        descriptionRC: z.string().min(1),
        descriptionOC: z.string().min(1),
      }),
    )
    .optional(),
  passages: z.array(z.object({ key: z.string(), title: z.string(), text: z.string() })),
  questions: z.array(bankQuestion).min(1),
});
export type BankFile = z.infer<typeof bankFile>;
