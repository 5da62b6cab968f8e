import { data } from 'react-router';

/**
 * The submitted form, or a 400 when the body cannot be read as one (a wrong content type,
 * a truncated multipart body): bad input is never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400 });
  }
}
