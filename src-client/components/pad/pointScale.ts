/**
 * The quick buttons a field's range and step allow: whole points as buttons with the fractions of a
 * sub-one step as toggles ("+0,5"), or every step as a button when the step is one or more; a range
 * too long for buttons leaves only typing.
 */
import { formatNumber } from '../../../src/valueFormat';

export interface ScaleField {
  minPoint: number;
  maxPoint: number;
  step: number;
}

export interface PointScale {
  /** The buttons' values. */
  bases: number[];
  /** What a toggle adds to a base (0,5 for a half step); empty when the step is one or more. */
  fractions: number[];
}

const MAX_BUTTONS = 21;
const MAX_FRACTIONS = 3;
const EPSILON = 1e-6;

const clean = (value: number) => Math.round(value * 1e6) / 1e6;

/** In range and on the step, the server's own rule. */
export function isValidPoint(field: ScaleField, point: number): boolean {
  const steps = (point - field.minPoint) / field.step;
  return point >= field.minPoint - EPSILON && point <= field.maxPoint + EPSILON && Math.abs(steps - Math.round(steps)) < EPSILON;
}

export function pointScale(field: ScaleField): PointScale {
  const { minPoint, maxPoint, step } = field;
  if (!(step > 0) || !(maxPoint > minPoint)) return { bases: [], fractions: [] };
  const perUnit = 1 / step;
  if (step < 1 && Math.abs(perUnit - Math.round(perUnit)) < EPSILON) {
    const bases: number[] = [];
    for (let v = Math.ceil(minPoint - EPSILON); v <= maxPoint + EPSILON; v += 1) {
      if (isValidPoint(field, v)) bases.push(v);
    }
    const fractions: number[] = [];
    for (let i = 1; i < Math.round(perUnit); i += 1) fractions.push(clean(i * step));
    return {
      bases: bases.length <= MAX_BUTTONS ? bases : [],
      fractions: bases.length <= MAX_BUTTONS && fractions.length <= MAX_FRACTIONS ? fractions : [],
    };
  }
  const count = Math.floor((maxPoint - minPoint) / step + EPSILON) + 1;
  if (count > MAX_BUTTONS) return { bases: [], fractions: [] };
  return { bases: Array.from({ length: count }, (_, i) => clean(minPoint + i * step)), fractions: [] };
}

/** "Phần 2 · 0–10, bước 0,5" parts. */
export const formatScaleNumber = (value: number) => formatNumber(clean(value));
