package android.util;

import java.util.Map;
import java.util.TreeMap;

// Stands for android.util.SparseArray (an int-keyed map); eventually-queue bookkeeping only.
public class SparseArray<E> {
    private final Map<Integer, E> map = new TreeMap<>();

    public E get(int key) { return map.get(key); }

    public void put(int key, E value) { map.put(key, value); }

    public void remove(int key) { map.remove(key); }

    public int size() { return map.size(); }

    public int keyAt(int index) { return (Integer) map.keySet().toArray()[index]; }

    public void clear() { map.clear(); }
}
