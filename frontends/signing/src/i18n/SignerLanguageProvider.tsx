import { SOURCE_LANGUAGE, type SignerMessages } from '@prosign/domain';
import { SignerMessagesProvider } from '@prosign/ui';
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { initialSignerLanguage, keepSignerLanguage } from './signer-language';

// The formatter and the catalogue check come with the first language other than English, or
// with the pages behind the captcha: not before the captcha step paints (bench/signing).
const loadMessages = (language: string) =>
  import(/* webpackChunkName: "signer-messages" */ './load-signer-messages').then((module) =>
    module.loadSignerMessages(language),
  );

export interface SignerLanguageValue {
  /** The language the page is in (its catalogue loaded). */
  language: string;
  choose(language: string): void;
}

const SignerLanguageContext = createContext<SignerLanguageValue | null>(null);

/** The page's language and its switch's choice; null without a provider (a staff screen). */
export function useSignerLanguage(): SignerLanguageValue | null {
  return useContext(SignerLanguageContext);
}

export interface SignerLanguageProviderProps {
  /** By default the link's `?lang=`, else the session's, else English. */
  language?: string;
  children?: ReactNode;
}

/**
 * The signer's language for the page: its messages once its catalogue is in (English until
 * then, and if it cannot be used), and the language switch's choice.
 */
export function SignerLanguageProvider({
  language: initial,
  children,
}: SignerLanguageProviderProps) {
  const [wanted, setWanted] = useState(() => initial ?? initialSignerLanguage());
  const [messages, setMessages] = useState<SignerMessages | null>(null);
  useEffect(() => {
    if (wanted === SOURCE_LANGUAGE && !messages) return;
    let current = true;
    void loadMessages(wanted).then((loaded) => {
      if (current) setMessages(loaded);
    });
    return () => {
      current = false;
    };
    // The messages shown meanwhile do not start another load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
  const language = messages?.language ?? SOURCE_LANGUAGE;
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo<SignerLanguageValue>(
    () => ({
      language,
      choose: (next) => {
        keepSignerLanguage(next);
        setWanted(next);
      },
    }),
    [language],
  );
  const content = (
    <SignerLanguageContext.Provider value={value}>{children}</SignerLanguageContext.Provider>
  );
  return messages ? (
    <SignerMessagesProvider messages={messages}>{content}</SignerMessagesProvider>
  ) : (
    content
  );
}

const SignerLanguageBar = lazy(() =>
  import(/* webpackChunkName: "signer-language" */ './SignerLanguageBar').then((module) => ({
    default: module.SignerLanguageBar,
  })),
);

/**
 * Where the page's language switch goes (behind the captcha: the prerendered step stays
 * English), loaded on its own; nothing without a provider (a staff screen).
 */
export function SignerLanguageSlot() {
  if (!useSignerLanguage()) return null;
  return (
    <Suspense fallback={null}>
      <SignerLanguageBar />
    </Suspense>
  );
}
