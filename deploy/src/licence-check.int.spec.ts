import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { checkLicences, isCopyleftOnly, productionPackages } from './licence-check';

describe('licence check (npm run lint)', () => {
  it('treats GPL and AGPL as copyleft unless an alternative licence is offered', () => {
    for (const copyleft of ['GPL-3.0', 'GPL-2.0-only', 'AGPL-3.0-or-later', 'GPL-3.0+', '(MIT AND GPL-3.0)', 'GPL-2.0 WITH Classpath-exception-2.0']) {
      expect(isCopyleftOnly(copyleft), copyleft).toBe(true);
    }
    for (const fine of ['MIT', 'LGPL-3.0', 'Apache-2.0', '(MIT OR GPL-3.0)', 'CC-BY-4.0', 'BSD-3-Clause']) {
      expect(isCopyleftOnly(fine), fine).toBe(false);
    }
  });

  it('reports a GPL production package and one without any licence, but not our private workspaces', () => {
    const result = checkLicences([
      { name: 'country-state-city', version: '3.2.1', license: 'GPL-3.0' },
      { name: 'mystery', version: '1.0.0' },
      { name: '@locus/platform', version: '0.1.0', private: true },
      { name: 'koa', version: '3.0.0', license: 'MIT' },
    ]);
    expect(result.copyleft).toEqual([{ name: 'country-state-city', version: '3.2.1', licence: 'GPL-3.0' }]);
    expect(result.unlabelled).toEqual([{ name: 'mystery', version: '1.0.0', licence: 'none' }]);
  });

  it('finds no GPL or AGPL package, and none without a licence, among the installed production dependencies', () => {
    const packages = productionPackages(path.resolve(import.meta.dirname, '..', '..'));
    expect(packages.length).toBeGreaterThan(100);
    expect(checkLicences(packages)).toEqual({ copyleft: [], unlabelled: [] });
  });
});
