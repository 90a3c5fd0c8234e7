package com.parse;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the SDK does with each implementation-defined flag, read off a run with none declared
 * (PARSE_SDK_ANDROID_NO_CHOICES=1; README, "Choices"). It rejects an ACL whose grant is null
 * (ParseACL.createACLFromJSONObject), URL-safe base64 (the decoder skips '-' and '_' and is left
 * with a length it refuses), and in a fetched object's createdAt/updatedAt a date with an offset or
 * without milliseconds (ParseDateFormat answers null there and the state builder throws). Every
 * other flagged input it accepts; where the value it then holds is not one the case allows (a Date
 * read as null, an unknown __type read as null), the check stays a failure, listed by cause.
 */
final class Choices {
    private Choices() {}

    static final Map<String, Object> CHOICES;

    static {
        Map<String, Object> c = new TreeMap<>();
        for (String flag : new String[] {"ACLNull", "Base64URLSafe", "DateOffset", "DateWithoutMillis"}) {
            c.put(flag, "reject");
        }
        for (String flag : new String[] {
            "ACLRoleName", "ACLUnknownPermission", "Base64NonZeroPadBits", "Base64Unpadded",
            "Base64Whitespace", "DateExtendedYear", "DateFractionDigits", "DateFractionDigitsBeyondNine",
            "DateHour24", "DateOffsetBasicFormat", "DateOnly", "DecimalBeyondDouble", "FalsyTypeIgnored",
            "IntegerBeyond53Bits", "IntegerBeyond64Bits", "JoinClassUnanchored", "NegativeZero",
            "NestedObjectInSaveBody", "NumberBeyondDouble", "OperationExtraKeys", "ServerOwnedKeyIgnored",
            "TypedValueExtraKeys", "UnknownType"
        }) {
            c.put(flag, "accept");
        }
        CHOICES = Collections.unmodifiableMap(c);
    }
}
