package android.location;

// Stands for android.location.Location; ParseGeoPoint.getCurrentLocation only.
public class Location {
    public double getLatitude() { return 0; }

    public double getLongitude() { return 0; }
}
