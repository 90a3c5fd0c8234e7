package android.os;

// Stands for android.os.Parcelable; the SDK's parcel support is not on the JSON path.
public interface Parcelable {
    int describeContents();

    void writeToParcel(Parcel dest, int flags);

    interface Creator<T> {
        T createFromParcel(Parcel source);

        T[] newArray(int size);
    }
}
