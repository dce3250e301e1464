const { RuleTester } = require('eslint');
const tseslint = require('typescript-eslint');
const rule = require('./ui-primitives-only.cjs');

const file = 'frontends/contracts/src/create/CreateContractPage.tsx';

const valid = [
  // The shared components, and everything else.
  "import { Dialog, ConfirmDialog, useToast } from '@prosign/ui';",
  "import { Combobox, Menu, Select } from '@prosign/ui/controls';",
  "import { AgreementCard } from '@prosign/ui/agreements';",
  "import { useForm } from 'react-hook-form';",
  "import { useSortable } from '@dnd-kit/sortable';",
  "import { useState } from 'react';",
  // Names that only look alike.
  "import x from 'react-aria-like';",
  "import x from '@react-ariadne/core';",
  "import x from './react-aria';",
  "const label = 'react-aria';",
];

const invalid = [
  ["import { useDialog } from 'react-aria';", 'react-aria'],
  ["import { useButton } from 'react-aria/useButton';", 'react-aria'],
  ["import { Menu, MenuItem } from 'react-aria-components';", 'react-aria-components'],
  ["import { Popover } from 'react-aria-components/Popover';", 'react-aria-components'],
  ["import { useFocusRing } from '@react-aria/focus';", '@react-aria/focus'],
  ["import { useListState } from '@react-stately/list';", '@react-stately/list'],
  ["import { useOverlayTriggerState } from 'react-stately';", 'react-stately'],
  // Type-only, re-exported, dynamic and require imports count too.
  [
    "import type { OverlayTriggerState } from 'react-stately/useOverlayTriggerState';",
    'react-stately',
  ],
  ["export { Button } from 'react-aria-components';", 'react-aria-components'],
  ["export * from '@react-aria/overlays';", '@react-aria/overlays'],
  ["const m = import('react-aria-components/Menu');", 'react-aria-components'],
  ["const { useDialog } = require('react-aria');", 'react-aria'],
  ["let state: import('@react-stately/overlays').OverlayTriggerState;", '@react-stately/overlays'],
];

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('ui-primitives-only', rule, {
  valid: valid.map((code) => ({ code, filename: file })),
  invalid: invalid.map(([code, library]) => ({
    code,
    filename: file,
    errors: [{ messageId: 'direct', data: { source: code.match(/'([^']+)'/)[1], library } }],
  })),
});
