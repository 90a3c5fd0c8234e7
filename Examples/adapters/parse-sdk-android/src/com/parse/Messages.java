package com.parse;

import java.util.Map;

/** REST messages (context message): not claimed yet. */
final class Messages {
    private Messages() {}

    static Object decode(String text, Map<String, Object> context) {
        throw new IllegalStateException("the message context is not claimed");
    }
}
