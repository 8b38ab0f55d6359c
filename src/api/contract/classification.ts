import { z } from 'zod';

/** The two labels of the classifier (spec §3). */
export const classification = z.enum(['Election', 'Recorder']);
export type Classification = z.infer<typeof classification>;

/** `POST /classify`: the scrubbed email text. */
export const classifyRequest = z.object({ text: z.string().trim().min(1, 'must not be empty').max(50_000) });
/**
 * The label, and the model's posterior probability of it (0.5 to 1 with two labels). The server
 * always sends `confidence`; it is optional here so a client keeps working against an older server.
 */
export const classifyResponse = z.object({ prediction: classification, confidence: z.number().min(0.5).max(1).optional() });
export type ClassifyResponse = z.infer<typeof classifyResponse>;

/** `POST /classification-accuracy`: whether the user agreed with the model. */
export const classificationOutcome = z.object({
  emailBody: z.string().max(50_000),
  userEmail: z.string().max(320),
  classificationFromModel: classification,
  actualClassification: classification,
  cognitoSub: z.string().max(256).nullish(),
  microsoftSub: z.string().max(256).nullish(),
});
export type ClassificationOutcome = z.infer<typeof classificationOutcome>;
