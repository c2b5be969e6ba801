import { SUPPORT_RESPONSE_HOURS } from '@shared/constants/business-hours';
import { LinkButton } from '../../../components/ui/link-button';
import { LIVE_CHAT_PATH } from '../contact-details';
import { CtaBanner } from './cta-banner';

/** 'Still need help?': Contact Support (the contact page) and Live Chat (the in-app assistant). */
export function SupportCallout() {
  return (
    <CtaBanner
      title="Still Need Help?"
      text={`Our support team typically responds in under ${SUPPORT_RESPONSE_HOURS} hours. Signed in? Live Chat opens the in-app Research Assistant.`}
    >
      <LinkButton to="/contact" className="px-6 text-base">
        Contact Support
      </LinkButton>
      <LinkButton to={LIVE_CHAT_PATH} variant="secondary" className="px-6 text-base">
        Live Chat
      </LinkButton>
    </CtaBanner>
  );
}
