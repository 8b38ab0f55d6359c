import { z } from './zod';
import { subField, userEmailField } from './common';
import { multilineText } from './text';

/** The two labels of the classifier (spec §3). */
export const classification = z.enum(['Election', 'Recorder']);
export type Classification = z.infer<typeof classification>;

/** `POST /classify`: the scrubbed email text. */
export const classifyRequest = z.object({ text: multilineText(50_000).trim().min(1, 'must not be empty') });
/**
 * The label, and the model's posterior probability of it (0.5 to 1 with two labels). The server
 * always sends `confidence`; it is optional here so a client keeps working against an older server.
 */
export const classifyResponse = z.object({ prediction: classification, confidence: z.number().min(0.5).max(1).optional() });
export type ClassifyResponse = z.infer<typeof classifyResponse>;

/** `POST /classification-accuracy`: whether the user agreed with the model. */
export const classificationOutcome = z.object({
  emailBody: multilineText(50_000),
  userEmail: userEmailField,
  classificationFromModel: classification,
  actualClassification: classification,
  cognitoSub: subField,
  microsoftSub: subField,
});
export type ClassificationOutcome = z.infer<typeof classificationOutcome>;
