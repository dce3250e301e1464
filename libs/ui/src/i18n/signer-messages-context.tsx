/**
 * The signer's messages for the components under a provider (the signing app's pages), in the
 * signer's language (libs/domain/src/i18n). Only the context here: a page's first chunk can hold
 * the provider without the formatter (use-signer-messages.ts has the English fallback).
 */
import type { SignerMessages } from '@prosign/domain';
import { createContext, useContext, type ReactNode } from 'react';

export const SignerMessagesContext = createContext<SignerMessages | null>(null);

export interface SignerMessagesProviderProps {
  messages: SignerMessages;
  children?: ReactNode;
}

/** Gives `messages` to every component below that reads `useSignerMessages()`. */
export function SignerMessagesProvider({ messages, children }: SignerMessagesProviderProps) {
  return (
    <SignerMessagesContext.Provider value={messages}>{children}</SignerMessagesContext.Provider>
  );
}

/**
 * The provider's messages, or null: for a page's first chunk, which says a state in the
 * signer's language once its catalogue is in, in English (its own words) until then, without
 * loading the formatter itself.
 */
export function useProvidedSignerMessages(): SignerMessages | null {
  return useContext(SignerMessagesContext);
}
