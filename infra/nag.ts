/**
 * cdk-nag 3 is CommonJS whose named exports Node's ESM loader cannot detect; this module is the
 * one place that unwraps it.
 */
import cdkNag from 'cdk-nag';

export const { AwsSolutionsChecks } = cdkNag;

/** A resolved CloudFormation value written the way cdk-nag names it in a finding. */
export function nagText(value: unknown): string {
  if (typeof value === 'string') return value;
  const intrinsic = value as Record<string, unknown>;
  if ('Ref' in intrinsic) return `<${String(intrinsic.Ref)}>`;
  if ('Fn::Sub' in intrinsic) return String(intrinsic['Fn::Sub']).replace(/\$\{([^}]+)\}/g, '<$1>');
  if ('Fn::GetAtt' in intrinsic) return `<${(intrinsic['Fn::GetAtt'] as string[]).join('.')}>`;
  if ('Fn::Join' in intrinsic) {
    const [separator, parts] = intrinsic['Fn::Join'] as [string, unknown[]];
    return parts.map(nagText).join(separator);
  }
  return JSON.stringify(value);
}
