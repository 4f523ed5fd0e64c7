/**
 * What the page carries inert in a <template> until the shell wants it (the regions' code hints,
 * the shell's own scripts): nothing in a template is fetched or run. Taken out once: the
 * template goes with it.
 */
export function takeInert(doc: Document, id: string, selector: string): Element[] {
  const template = doc.getElementById(id);
  if (!(template instanceof HTMLTemplateElement)) return [];
  const els = [...template.content.querySelectorAll(selector)];
  template.remove();
  return els;
}
