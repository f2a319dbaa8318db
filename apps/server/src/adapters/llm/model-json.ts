/**
 * The JSON object in a model's answer. Models asked for JSON still wrap it in a ```json fence or
 * a sentence now and then: take the outermost object.
 */
export function jsonFromModelText(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('The model did not answer a JSON object');
  return JSON.parse(text.slice(start, end + 1));
}
