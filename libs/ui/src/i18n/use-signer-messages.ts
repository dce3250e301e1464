/**
 * The signer's messages in a component: its provider's (the signing app's pages), else English,
 * so a staff screen reusing a component reads as before.
 */
import {
  signerMessages,
  SOURCE_CATALOGUE,
  SOURCE_LANGUAGE,
  type SignerMessages,
} from '@prosign/domain';
import { useContext } from 'react';
import { SignerMessagesContext } from './signer-messages-context';

let english: SignerMessages | null = null;

/** The English messages (the bundled source catalogue), made once. */
export function englishSignerMessages(): SignerMessages {
  english ??= signerMessages(SOURCE_LANGUAGE, SOURCE_CATALOGUE);
  return english;
}

/** The messages of the signer's language; English with no provider above. */
export function useSignerMessages(): SignerMessages {
  return useContext(SignerMessagesContext) ?? englishSignerMessages();
}
