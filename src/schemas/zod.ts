/** zod with Vietnamese default messages; import `z` from here so every schema speaks Vietnamese. */
import { z } from 'zod';

z.config(z.locales.vi());

export { z };
