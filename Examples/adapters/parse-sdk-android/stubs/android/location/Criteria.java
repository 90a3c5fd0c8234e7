package android.location;

// Stands for android.location.Criteria; ParseGeoPoint.getCurrentLocation only.
public class Criteria {
    public static final int NO_REQUIREMENT = 0;

    public void setAccuracy(int a) {}

    public void setPowerRequirement(int p) {}
}
