import { z } from 'zod';

/** Error envelope of every failed call (spec: `ApiError.ErrorMessage`). */
export const FieldErrorSchema = z.object({ Field: z.string(), Message: z.string() });

export const ErrorEnvelopeSchema = z.object({
  Success: z.literal(false),
  ResponseMessage: z.string(),
  ApiError: z.object({
    ErrorCode: z.string(),
    ErrorMessage: z.string(),
    Fields: z.array(FieldErrorSchema),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** `{ Success: true, ResponseMessage?, Data }` for a given Data schema. */
export const successEnvelope = <T extends z.ZodType>(data: T) => z.object({ Success: z.literal(true), ResponseMessage: z.string().optional(), Data: data });

/** `{ Success: true, ResponseMessage? }` for commands that return no data. */
export const SuccessMessageSchema = z.object({ Success: z.literal(true), ResponseMessage: z.string().optional() });
