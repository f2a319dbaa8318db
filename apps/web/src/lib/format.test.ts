import { describe, expect, it } from 'vitest';
import { formatIndianNumber, formatIsoDay, formatRs, truncate } from './format';

describe('formatting', () => {
  it('groups amounts the Indian way, exactly, from decimal strings', () => {
    expect(formatIndianNumber('2239120000.00')).toBe('2,23,91,20,000');
    expect(formatIndianNumber('1234567.5')).toBe('12,34,567.5');
    expect(formatIndianNumber('99999999999999999.99')).toBe('99,99,99,99,99,99,99,999.99');
    expect(formatIndianNumber(1500)).toBe('1,500');
    expect(formatIndianNumber('0.00')).toBe('0');
    expect(formatIndianNumber('abc')).toBe('abc');
  });

  it("writes decimal strings as en-IN's Intl.NumberFormat does, without building it", () => {
    const intl = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
    const samples = ['0', '-0.001', '0.005', '1.995', '-1.995', '00012', '999.995', '-99999.999', '100000', '12345678901234567890.125'];
    // Plus a deterministic spread of lengths, signs and fractions (a fixed linear congruential sequence).
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < 3000; i++) {
      const whole = String(next()).slice(0, 1 + (next() % 10)) + (i % 7 === 0 ? '9999999' : '');
      const fraction =
        i % 3 === 0
          ? ''
          : `.${String(next())
              .padStart(10, '0')
              .slice(0, 1 + (next() % 4))}`;
      samples.push(`${i % 5 === 0 ? '-' : ''}${whole}${fraction}`);
    }
    for (const value of samples) expect(formatIndianNumber(value), value).toBe(intl.format(value as `${number}`));
  });

  it("prefixes the list's currency with 'RS'", () => {
    expect(formatRs('6010000.00')).toBe('RS 60,10,000');
  });

  it('shows calendar dates without a time-zone shift', () => {
    expect(formatIsoDay('2026-03-05')).toBe('5 Mar 2026');
    expect(formatIsoDay('not a date')).toBe('not a date');
  });

  it('cuts text to a preview', () => {
    expect(truncate('short', 150)).toEqual({ text: 'short', truncated: false });
    const long = 'x'.repeat(151);
    expect(truncate(long, 150)).toEqual({ text: `${'x'.repeat(150)}…`, truncated: true });
  });
});
