import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Forms come from the contracts: a web component with three inputs or more builds its form with
 * `useContractForm` (react-hook-form validated by the route's body schema), unless it is listed
 * below as no command's form (a filter, a search, an editor inside another form).
 */
const root = path.resolve(import.meta.dirname, '..');
const WEB_SRC = path.join(root, 'web/src');
const MIN_INPUTS = 3;
/** Inputs a user types or picks in, as Blueprint, the DOM and Locus's own pickers name them. */
const RAW_INPUTS = new Set([
  ...['InputGroup', 'TextArea', 'NumericInput', 'HTMLSelect', 'Switch', 'Checkbox', 'RadioGroup', 'FileInput', 'Slider', 'Select', 'MultiSelect'],
  ...['input', 'select', 'textarea'],
  ...['ChoiceSelect', 'ChoiceMultiSelect', 'VariableEditor', 'KeywordInput'],
]);

/** A form of the kit, or a part of one bound to its fields. */
const KIT_HOOKS = new Set(['useContractForm', 'useController']);

/** Components with three inputs or more that send no form as one command's body, and why. */
const NOT_COMMAND_FORMS: Record<string, string> = {
  'features/audit/components/history-page.tsx': "the history's filters, sent as a query",
  'features/locations/directory/directory-filters.tsx': "the directory's filters, sent as a query",
  'features/locations/form/hours-editor.tsx': 'one field (the week) of the forms it sits in, checked by their schema',
  'features/templates/components/location-multi-select.tsx': 'one field (the chosen locations) of the template editor',
  'features/locations/details/sections/publishers-dialog.tsx': "a search over Localeze's publishers, nothing sent",
  'features/locations/assignments/assign-locations-dialog.tsx': 'a search and a list of locations to pick',
};

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.spec.') ? [full] : [];
  });

/** A component of a file (a top-level declaration): its name, how many raw inputs its JSX renders, whether it calls `useContractForm`. */
export interface ComponentShape {
  name: string;
  inputs: number;
  usesKit: boolean;
}

export function componentsOf(fileName: string, source: string): ComponentShape[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  return file.statements.map((statement) => {
    const shape: ComponentShape = { name: nameOf(statement, file), inputs: 0, usesKit: false };
    const visit = (node: ts.Node) => {
      if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && RAW_INPUTS.has(node.tagName.getText(file))) shape.inputs += 1;
      if (ts.isCallExpression(node) && KIT_HOOKS.has(node.expression.getText(file))) shape.usesKit = true;
      ts.forEachChild(node, visit);
    };
    visit(statement);
    return shape;
  });
}

const nameOf = (statement: ts.Statement, file: ts.SourceFile): string => {
  if (ts.isFunctionDeclaration(statement)) return statement.name?.getText(file) ?? 'default';
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.map((d) => d.name.getText(file)).join(', ');
  return ts.SyntaxKind[statement.kind];
};

const webComponents = () =>
  sources(WEB_SRC).flatMap((full) => {
    const file = path.relative(WEB_SRC, full).split(path.sep).join('/');
    return componentsOf(full, readFileSync(full, 'utf8')).map((c) => ({ file, ...c }));
  });

describe('forms from the contracts', () => {
  it('counts the inputs of each component of a file and sees the kit', () => {
    const source = [
      'const HandRolled = () => <form><InputGroup /><TextArea></TextArea><ChoiceSelect /></form>;',
      'export function FromContracts() { const form = useContractForm(route, {}); return <TextField />; }',
      'const Two = () => <><InputGroup /><Switch /></>;',
    ].join('\n');
    expect(componentsOf('a.tsx', source)).toEqual([
      { name: 'HandRolled', inputs: 3, usesKit: false },
      { name: 'FromContracts', inputs: 0, usesKit: true },
      { name: 'Two', inputs: 2, usesKit: false },
    ]);
  });

  it('every web component with three inputs or more uses useContractForm, or is listed as no command form', () => {
    const handRolled = webComponents()
      .filter(({ file, inputs, usesKit }) => inputs >= MIN_INPUTS && !usesKit && !(file in NOT_COMMAND_FORMS))
      .map(({ file, name, inputs }) => `${file} ${name} (${inputs} inputs)`);
    expect(handRolled).toEqual([]);
  });

  it('lists only files that exist and still hold a component of three inputs or more without the kit', () => {
    const listed = new Set(
      webComponents()
        .filter((c) => c.inputs >= MIN_INPUTS && !c.usesKit)
        .map((c) => c.file),
    );
    expect(Object.keys(NOT_COMMAND_FORMS).filter((file) => !listed.has(file))).toEqual([]);
  });
});
