package com.parse;

import java.util.Map;
import java.util.TreeMap;

/** What the SDK does with each implementation-defined flag, read off a run with none declared. */
final class Choices {
    private Choices() {}

    static final Map<String, Object> CHOICES = new TreeMap<>();
}
