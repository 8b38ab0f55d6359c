import { z } from './zod';
import { subField, userEmailField } from './common';
import { multilineText } from './text';

/** The two labels of the classifier (rules §3). */
export const classification = z.enum(['Election', 'Recorder']);
export type Classification = z.infer<typeof classification>;

/** `POST /classify`: the scrubbed email text. */
export const classifyRequest = /* @__PURE__ */ z.object({ text: /* @__PURE__ */ multilineText(50_000).trim().min(1, 'must not be empty') });
/**
 * The label, and the model's posterior probability of it (0.5 to 1 with two labels). The server
 * always sends `confidence`; it is optional here so a client keeps working against an older server.
 */
export const classifyResponse = z.object({ prediction: classification, confidence: z.number().min(0.5).max(1).optional() });
export type ClassifyResponse = z.infer<typeof classifyResponse>;

/**
 * What the user answered to "Is this email about {label}?": Yes, No (with only two labels, the
 * other one), or Neither (about something else: nothing to learn, and nothing wrong taught).
 */
export const classificationAnswer = z.enum(['yes', 'no', 'neither']);
export type ClassificationAnswer = z.infer<typeof classificationAnswer>;

/** The other of the two labels. */
export function otherClassification(label: Classification): Classification {
  return label === 'Election' ? 'Recorder' : 'Election';
}

/** The label an answer gives: the model's for Yes, the other for No, none for Neither. */
export function labelFromAnswer(answer: ClassificationAnswer, fromModel: Classification): Classification | null {
  if (answer === 'yes') return fromModel;
  return answer === 'no' ? otherClassification(fromModel) : null;
}

/**
 * `POST /classification-accuracy`: what the user answered about the model's label. `userAnswer`
 * records it exactly; `actualClassification` is the label that answer gives (rules §3), null for
 * Neither. A client that sends no `userAnswer` (older ones) sends a label, read as Yes or No.
 */
export const classificationOutcome = z
  .object({
    emailBody: multilineText(50_000),
    userEmail: userEmailField,
    classificationFromModel: classification,
    actualClassification: classification.nullable(),
    userAnswer: classificationAnswer.optional(),
    cognitoSub: subField,
    microsoftSub: subField,
  })
  .superRefine((outcome, context) => {
    const expected = outcome.userAnswer ? labelFromAnswer(outcome.userAnswer, outcome.classificationFromModel) : outcome.actualClassification;
    if (outcome.actualClassification !== expected || (!outcome.userAnswer && expected === null)) {
      context.addIssue({
        code: 'custom',
        path: ['actualClassification'],
        message: outcome.userAnswer
          ? `must be ${expected === null ? 'null' : expected} for the answer ${outcome.userAnswer}`
          : 'must be Election or Recorder when no userAnswer is given',
      });
    }
  });
export type ClassificationOutcome = z.infer<typeof classificationOutcome>;
