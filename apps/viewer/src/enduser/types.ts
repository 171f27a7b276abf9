// What the server sends the visitor screens lives in packages/core/src/api/enduser.ts; import it from
// '@swipe/core'. This name stays only for callers not yet moved.
export type { CompanyLink, EnduserPage, EnduserState, FormView, SurveyQuestionView, SurveyScreen } from '@swipe/core';
