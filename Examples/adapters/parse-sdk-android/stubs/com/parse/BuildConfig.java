package com.parse;

// Stands for the BuildConfig class Gradle generates for the parse module (build.gradle's
// buildConfigField): the SDK version it writes into an installation.
public final class BuildConfig {
    public static final boolean DEBUG = false;
    public static final String LIBRARY_PACKAGE_NAME = "com.parse";
    public static final String BUILD_TYPE = "release";
    public static final String PARSE_VERSION = "4.4.0";
}
