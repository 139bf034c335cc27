/** The property catalogue as a markdown table: what each needs and which faults it exists to catch. */
import { ALL_CHECKS } from '../lib/checks/registry.ts';
import { describeNeed } from '../lib/props/needs.ts';
import type { PropertyDefinition } from '../lib/props/types.ts';

const faultsOf = (property: PropertyDefinition): string[] => [
  ...new Set(
    ALL_CHECKS.filter((check) => property.checks.includes(check.name)).flatMap((check) => check.catches),
  ),
];

export function propertiesMarkdown(properties: readonly PropertyDefinition[]): string {
  const rows = properties.map((property) =>
    [
      `\`${property.name}\``,
      property.description,
      property.needs.length === 0 ? 'any target' : property.needs.map(describeNeed).join('; '),
      property.checks.map((check) => `\`${check}\``).join(', '),
      faultsOf(property).join(', ') || '—',
      String(property.runs),
    ].join(' | '),
  );
  return [
    '| property | what it proves | needs | checks | faults its checks exist to catch | runs |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}
