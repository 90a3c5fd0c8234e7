package android.os;

import java.util.ArrayList;
import java.util.List;

// Stands for android.os.Parcel; the SDK's parcel support is not on the JSON path, so every method
// refuses.
public final class Parcel {
    private Parcel() {}

    private static UnsupportedOperationException off() {
        return new UnsupportedOperationException("android.os.Parcel is not available off-device");
    }

    public String readString() { throw off(); }
    public byte readByte() { throw off(); }
    public int readInt() { throw off(); }
    public long readLong() { throw off(); }
    public double readDouble() { throw off(); }
    public void readByteArray(byte[] b) { throw off(); }
    public Bundle readBundle(ClassLoader l) { throw off(); }
    public void readStringList(List<String> l) { throw off(); }
    public ArrayList readArrayList(ClassLoader l) { throw off(); }
    public Object readValue(ClassLoader l) { throw off(); }
    public void writeString(String s) { throw off(); }
    public void writeByte(byte b) { throw off(); }
    public void writeInt(int i) { throw off(); }
    public void writeLong(long l) { throw off(); }
    public void writeDouble(double d) { throw off(); }
    public void writeByteArray(byte[] b) { throw off(); }
    public void writeBundle(Bundle b) { throw off(); }
    public void writeStringList(List<String> l) { throw off(); }
    public void writeList(List l) { throw off(); }
    public void writeValue(Object o) { throw off(); }
}
