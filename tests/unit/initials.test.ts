import { describe, expect, it } from 'vitest';
import { initials } from '../../src/initials';

describe('initials', () => {
  it('skips the school type and takes the first and last distinctive words', () => {
    expect(initials('Trường THCS Chu Văn An')).toBe('CA');
    expect(initials('THPT Chuyên Lê Hồng Phong')).toBe('LP');
    expect(initials('Đội Hoa Sen')).toBe('HS');
    expect(initials('CLB Tin học trẻ')).toBe('TT');
  });

  it('keeps a letter with its diacritics, upper-cased', () => {
    expect(initials('đội ước mơ')).toBe('ƯM');
    expect(initials('Ơn Đời')).toBe('ƠĐ');
    expect(initials('Nguyễn Thị Hoa')).toBe('NH');
    expect(initials('đèn')).toBe('Đ');
  });

  it('reads the same letters from a name written in decomposed Unicode', () => {
    expect(initials('Đội Ước mơ'.normalize('NFD'))).toBe('ƯM');
  });

  it('ignores brackets, quotes and dashes', () => {
    expect(initials('«Đèn xanh»')).toBe('ĐX');
    expect(initials('"Ánh Dương"')).toBe('ÁD');
    expect(initials('Chu Văn An – Hà Nội')).toBe('CN');
    expect(initials('(Lớp 9A1)')).toBe('9A1');
  });

  it('gives one letter for a one-word name and keeps a class code whole up to three characters', () => {
    expect(initials('Sen')).toBe('S');
    expect(initials('  admin  ')).toBe('A');
    expect(initials('Lớp 12A')).toBe('12A');
    expect(initials('Lớp 10A12')).toBe('10A');
  });

  it('drops emoji and keeps numbers', () => {
    expect(initials('🐉 Rồng Vàng 🐉')).toBe('RV');
    expect(initials('Đội 1')).toBe('1');
    expect(initials('Nhóm 2 Sao')).toBe('2S');
  });

  it('keeps generic words when nothing else is left', () => {
    expect(initials('Đội')).toBe('Đ');
    expect(initials('Trường THCS')).toBe('TT');
  });

  it('shows a question mark when nothing is usable', () => {
    expect(initials('')).toBe('?');
    expect(initials('   ')).toBe('?');
    expect(initials('🎉🎉')).toBe('?');
    expect(initials('«»')).toBe('?');
  });
});
