/** Small pieces shared by the question-set screens: paths, file reading, error reading. */
import { QUESTION_SETS } from '../../../src/constants';

/** /user/fw-question-2, /user/fw-question-2/<id>. */
export function questionSetPath(setNumber: number, id?: string): string {
  const base = `/user/${QUESTION_SETS[setNumber - 1] ?? QUESTION_SETS[0]}`;
  return id ? `${base}/${encodeURIComponent(id)}` : base;
}

/** The file's bytes as base64, without the data-URL prefix. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(file);
  });
}

interface ErrorData {
  code?: string;
  httpStatus?: number;
  field?: string | null;
}

/** The tRPC error's data (code, status, the bad field), whatever shape the error has. */
export function errorData(error: unknown): ErrorData {
  if (error && typeof error === 'object' && 'data' in error && error.data && typeof error.data === 'object') {
    return error.data as ErrorData;
  }
  return {};
}

export const isConflict = (error: unknown) => {
  const data = errorData(error);
  return data.code === 'CONFLICT' || data.httpStatus === 409;
};

export const isNotFound = (error: unknown) => {
  const data = errorData(error);
  return data.code === 'NOT_FOUND' || data.httpStatus === 404;
};
