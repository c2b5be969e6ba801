import Book from 'lucide-react/icons/book';
import Briefcase from 'lucide-react/icons/briefcase';
import Calendar from 'lucide-react/icons/calendar';
import Cpu from 'lucide-react/icons/cpu';
import Eye from 'lucide-react/icons/eye';
import Globe from 'lucide-react/icons/globe';
import Heart from 'lucide-react/icons/heart';
import Target from 'lucide-react/icons/target';
import Users from 'lucide-react/icons/users';
import Zap from 'lucide-react/icons/zap';
import { type FeatureSummary } from './landing';

export interface OpenPosition {
  title: string;
  department: string;
  location: string;
  type: string;
  salary: string;
  description: string;
  requirements: readonly string[];
}

/** Spec 3, open position (static): the six roles the careers page lists. */
export const OPEN_POSITIONS: readonly OpenPosition[] = [
  {
    title: 'Senior Full Stack Engineer',
    department: 'Engineering',
    location: 'Remote (US)',
    type: 'Full-time',
    salary: '$150,000 - $190,000',
    description:
      'Build the scanner, journal and research screens end to end, from React components to serverless APIs on AWS.',
    requirements: [
      '5+ years building production web applications',
      'Strong TypeScript, React and Node.js',
      'Experience with AWS (Lambda, DynamoDB, API Gateway) or similar',
      'Interest in markets; options experience is a plus',
    ],
  },
  {
    title: 'AI/ML Engineer',
    department: 'Engineering',
    location: 'New York, NY / Remote',
    type: 'Full-time',
    salary: '$160,000 - $210,000',
    description:
      'Improve the research assistant and the models behind edge scoring and dark pool pattern detection.',
    requirements: [
      '3+ years shipping machine learning systems to production',
      'Python and experience with LLM APIs, retrieval and evaluation',
      'Comfort with time-series and noisy financial data',
      'Clear thinking about model risk and evaluation',
    ],
  },
  {
    title: 'Quantitative Researcher',
    department: 'Research',
    location: 'New York, NY',
    type: 'Full-time',
    salary: '$170,000 - $230,000',
    description:
      'Research and validate the signals behind our scores: options flow, implied volatility and order-flow patterns.',
    requirements: [
      'Advanced degree in a quantitative field or equivalent experience',
      'Deep understanding of options pricing and the Greeks',
      'Statistical rigour: backtesting without look-ahead or survivorship bias',
      'Python or R for research',
    ],
  },
  {
    title: 'Product Manager',
    department: 'Product',
    location: 'San Francisco, CA',
    type: 'Full-time',
    salary: '$140,000 - $180,000',
    description:
      'Own the roadmap for the trader-facing product, talk to users every week and turn what you learn into clear priorities.',
    requirements: [
      '4+ years of product management for a software product',
      'Experience with fintech or trading platforms',
      'Comfort with data: you define metrics and read them yourself',
      'Excellent written communication',
    ],
  },
  {
    title: 'DevOps Engineer',
    department: 'Engineering',
    location: 'Remote (US)',
    type: 'Full-time',
    salary: '$135,000 - $175,000',
    description:
      'Keep the platform fast, observable and secure: infrastructure as code, CI/CD, monitoring and incident response.',
    requirements: [
      '3+ years operating production systems on AWS',
      'Infrastructure as code with the AWS CDK or Terraform',
      'Monitoring, alerting and on-call experience',
      'Security mindset: least privilege, secrets management',
    ],
  },
  {
    title: 'UX/UI Designer',
    department: 'Design',
    location: 'Chicago, IL / Remote',
    type: 'Full-time',
    salary: '$110,000 - $150,000',
    description:
      'Design dense, data-rich screens that stay calm and readable, from the scanner table to the onboarding tour.',
    requirements: [
      '4+ years designing web applications',
      'A portfolio showing data-heavy interfaces',
      'Accessibility and design-system experience',
      'Prototyping in Figma or similar',
    ],
  },
];

export const CAREER_VALUES: readonly FeatureSummary[] = [
  {
    icon: Users,
    title: 'Traders First',
    description:
      'We build for the people who use the product every market day, and we talk to them constantly.',
  },
  {
    icon: Zap,
    title: 'Ship and Learn',
    description:
      'Small, frequent releases, measured honestly. We would rather learn in a week than guess for a quarter.',
  },
  {
    icon: Eye,
    title: 'Radical Transparency',
    description: 'Open roadmaps, open metrics and honest feedback, with our users and with each other.',
  },
  {
    icon: Target,
    title: 'Own the Outcome',
    description: 'Everyone owns problems end to end, from the first sketch to how it behaves in production.',
  },
];

export const CAREER_BENEFITS: readonly FeatureSummary[] = [
  {
    icon: Briefcase,
    title: 'Competitive Pay and Equity',
    description: 'Salary ranges published up front, plus meaningful equity.',
  },
  {
    icon: Heart,
    title: 'Health Coverage',
    description: 'Medical, dental and vision for you and your dependants.',
  },
  {
    icon: Globe,
    title: 'Remote-Friendly',
    description: 'Work from home or from one of our three offices.',
  },
  {
    icon: Calendar,
    title: 'Flexible Time Off',
    description: 'Take the time you need, with a minimum we encourage everyone to use.',
  },
  {
    icon: Book,
    title: 'Learning Budget',
    description: 'An annual budget for courses, books, conferences and market data.',
  },
  {
    icon: Cpu,
    title: 'Home Office Setup',
    description: 'A stipend for the desk, chair and screens you actually want.',
  },
];
