import { SurveyResponsesList } from '../../components/survey-responses';

// The visitors screen's survey tab: the site's survey responses as the surveys screen lists them
// (components/survey-responses.tsx), with the rows the other tabs' journeys know.

export function SurveyResponsesTab({ siteId }: { siteId: number }) {
  return <SurveyResponsesList siteId={siteId} listTestId="visitors-surveys" rowTestId="visitor-row" />;
}
