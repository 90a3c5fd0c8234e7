// The implementation-defined choices (Vectors/INTERPRETING.md §3, §5) the adapter declares in hello.
'use strict';

/**
 * What the SDK does with each implementation-defined flag, read off a run with none declared
 * (README.md, "Choices"). It rejects only an ACL with a permission other than read and write
 * (`new Parse.ACL` throws); every other flagged input it accepts, though not always with a value the
 * case allows: those cases stay failures, listed in expected-failures.json.
 */
const CHOICES = Object.freeze({
  ACLNull: 'accept',
  ACLRoleName: 'accept',
  ACLUnknownPermission: 'reject',
  Base64NonZeroPadBits: 'accept',
  Base64URLSafe: 'accept',
  Base64Unpadded: 'accept',
  Base64Whitespace: 'accept',
  DateExtendedYear: 'accept',
  DateFractionDigits: 'accept',
  DateFractionDigitsBeyondNine: 'accept',
  DateHour24: 'accept',
  DateOffset: 'accept',
  DateOffsetBasicFormat: 'accept',
  DateOnly: 'accept',
  DateWithoutMillis: 'accept',
  DecimalBeyondDouble: 'accept',
  FalsyTypeIgnored: 'accept',
  IntegerBeyond53Bits: 'accept',
  IntegerBeyond64Bits: 'accept',
  JoinClassUnanchored: 'accept',
  NegativeZero: 'accept',
  NestedObjectInSaveBody: 'accept',
  NumberBeyondDouble: 'accept',
  OperationExtraKeys: 'accept',
  SubqueryExtraKeys: 'accept',
  ServerOwnedKeyIgnored: 'accept',
  TypedValueExtraKeys: 'accept',
  UnknownType: 'accept',
});

module.exports = { CHOICES };
