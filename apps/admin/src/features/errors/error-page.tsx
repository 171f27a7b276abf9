import { useParams } from 'react-router';
import { ERROR_CODES, type ErrorCode, ErrorScreen } from '../../components/error-screen';

export function ErrorRoute() {
  const { code } = useParams();
  return <ErrorScreen code={(ERROR_CODES as readonly string[]).includes(code ?? '') ? (code as ErrorCode) : '404'} />;
}

export function NotFoundPage() {
  return <ErrorScreen code="404" />;
}

export function NotFoundInline() {
  return <ErrorScreen code="404" inline />;
}
