package android.content;

// Stands for android.content.ReceiverCallNotAllowedException.
public class ReceiverCallNotAllowedException extends RuntimeException {
    public ReceiverCallNotAllowedException(String msg) {
        super(msg);
    }
}
