package android.location;

// Stands for android.location.LocationListener; getCurrentLocation only.
public interface LocationListener {
    void onLocationChanged(Location location);

    default void onProviderDisabled(String provider) {}

    default void onProviderEnabled(String provider) {}

    default void onStatusChanged(String provider, int status, android.os.Bundle extras) {}
}
