package android.location;

// Stands for android.location.LocationManager; getCurrentLocation only.
public class LocationManager {
    public String getBestProvider(Criteria c, boolean enabledOnly) { return null; }

    public void requestLocationUpdates(String provider, long minTime, float minDistance,
            LocationListener l) {
        throw new UnsupportedOperationException("no location off-device");
    }

    public void removeUpdates(LocationListener l) {}
}
