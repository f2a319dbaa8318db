/**
 * The user's time zone for WhatsApp ('today', 'tomorrow', the 08:00 digest): WhatsApp sends no
 * zone, so it is read from the number's country calling code for countries with one zone; numbers
 * of countries that span several zones (+1, +7, +55, +61...) fall back to UTC.
 */
const ZONE_BY_CALLING_CODE: Record<string, string> = {
  '20': 'Africa/Cairo',
  '27': 'Africa/Johannesburg',
  '30': 'Europe/Athens',
  '31': 'Europe/Amsterdam',
  '32': 'Europe/Brussels',
  '33': 'Europe/Paris',
  '34': 'Europe/Madrid',
  '36': 'Europe/Budapest',
  '39': 'Europe/Rome',
  '40': 'Europe/Bucharest',
  '41': 'Europe/Zurich',
  '43': 'Europe/Vienna',
  '44': 'Europe/London',
  '45': 'Europe/Copenhagen',
  '46': 'Europe/Stockholm',
  '47': 'Europe/Oslo',
  '48': 'Europe/Warsaw',
  '49': 'Europe/Berlin',
  '60': 'Asia/Kuala_Lumpur',
  '63': 'Asia/Manila',
  '64': 'Pacific/Auckland',
  '65': 'Asia/Singapore',
  '66': 'Asia/Bangkok',
  '81': 'Asia/Tokyo',
  '82': 'Asia/Seoul',
  '84': 'Asia/Ho_Chi_Minh',
  '86': 'Asia/Shanghai',
  '90': 'Europe/Istanbul',
  '91': 'Asia/Kolkata',
  '92': 'Asia/Karachi',
  '94': 'Asia/Colombo',
  '234': 'Africa/Lagos',
  '254': 'Africa/Nairobi',
  '351': 'Europe/Lisbon',
  '353': 'Europe/Dublin',
  '358': 'Europe/Helsinki',
  '852': 'Asia/Hong_Kong',
  '880': 'Asia/Dhaka',
  '966': 'Asia/Riyadh',
  '971': 'Asia/Dubai',
  '972': 'Asia/Jerusalem',
  '974': 'Asia/Qatar',
  '977': 'Asia/Kathmandu',
};

/** The IANA zone of an E.164 number's country when it has one zone, else UTC. */
export function zoneOfNumber(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  for (const length of [3, 2]) {
    const zone = ZONE_BY_CALLING_CODE[digits.slice(0, length)];
    if (zone) return zone;
  }
  return 'UTC';
}
