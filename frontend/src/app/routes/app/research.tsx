import { useNavigate } from 'react-router-dom';
import type { ScannerLinkState } from '@shared/chat/scanner-link';
import { ScreenHeader } from '../../../components/layouts/screen-header';
import { dashboardPath } from '../../../lib/dashboard-screens';
import { ResearchAssistant } from '../../../features/research/components/research-assistant';

/** Research Assistant (spec 2): a suggested strategy opens its position in the Options Scanner. */
export function ResearchRoute() {
  const navigate = useNavigate();
  return (
    <>
      <ScreenHeader
        title="Research Assistant"
        subtitle="Answers from the app's market data and your own journal, with every figure's source."
      />
      <ResearchAssistant
        onOpenStrategy={(state: ScannerLinkState) => void navigate(dashboardPath('scanner'), { state })}
      />
    </>
  );
}
