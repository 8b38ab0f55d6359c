import type { App } from 'aws-cdk-lib';
import { CanneryEdgeStack } from './edge-stack';
import { CanneryStack } from './cannery-stack';
import { readSettings } from './settings';

/** The two stacks: the web ACL in us-east-1 (CloudFront's region), and Cannery in the chosen region. */
export function buildCannery(app: App): { edge: CanneryEdgeStack; cannery: CanneryStack } {
  const settings = readSettings((name: string): unknown => app.node.tryGetContext(name));
  const edge = new CanneryEdgeStack(app, 'CanneryEdge', settings, {
    env: { region: 'us-east-1' },
    crossRegionReferences: true,
    description: 'Cannery: the web application firewall in front of CloudFront (us-east-1)',
  });
  const cannery = new CanneryStack(app, 'Cannery', {
    env: { region: settings.region },
    crossRegionReferences: true,
    settings,
    webAclArn: edge.webAclArn,
    description: 'Cannery: saved replies for email (CloudFront, API Gateway, Lambda, Aurora Serverless v2)',
  });
  cannery.addStackDependency(edge);
  return { edge, cannery };
}
