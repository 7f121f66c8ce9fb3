package photos_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"forecourt/internal/photos"
	"forecourt/internal/photos/s3test"
)

func keyOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// testBlobs is what every Blobs must do. open gives a new store on the
// same directory or bucket each call: two of them stand for two nodes.
func testBlobs(t *testing.T, open func(t *testing.T) photos.Blobs) {
	ctx := context.Background()
	a, b := open(t), open(t)
	photo := []byte("\xff\xd8\xff\xe0 not really a JPEG, but bytes all the same")
	key := keyOf(photo)
	other := keyOf([]byte("another photo"))

	t.Run("round trip", func(t *testing.T) {
		if err := a.Put(ctx, key, photo, "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		got, err := a.Get(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, photo) {
			t.Fatalf("Get = %q, want %q", got, photo)
		}
		if ok, err := a.Has(ctx, key); err != nil || !ok {
			t.Fatalf("Has = %v, %v; want true", ok, err)
		}
	})

	t.Run("put again", func(t *testing.T) {
		for range 2 {
			if err := a.Put(ctx, key, photo, "image/jpeg"); err != nil {
				t.Fatal(err)
			}
		}
		got, err := a.Get(ctx, key)
		if err != nil || !bytes.Equal(got, photo) {
			t.Fatalf("Get after a second Put = %q, %v", got, err)
		}
	})

	t.Run("absent", func(t *testing.T) {
		if ok, err := a.Has(ctx, other); err != nil || ok {
			t.Fatalf("Has(absent) = %v, %v; want false", ok, err)
		}
		if _, err := a.Get(ctx, other); !errors.Is(err, photos.ErrNoBlob) {
			t.Fatalf("Get(absent) error = %v, want ErrNoBlob", err)
		}
		if err := a.Delete(ctx, other); err != nil {
			t.Fatalf("Delete(absent) = %v, want nil", err)
		}
	})

	t.Run("two nodes", func(t *testing.T) {
		// What one node put, the other sees, and deletes for both.
		got, err := b.Get(ctx, key)
		if err != nil || !bytes.Equal(got, photo) {
			t.Fatalf("other store's Get = %q, %v", got, err)
		}
		second := []byte("put by the second node")
		k2 := keyOf(second)
		if err := b.Put(ctx, k2, second, "image/png"); err != nil {
			t.Fatal(err)
		}
		if ok, err := a.Has(ctx, k2); err != nil || !ok {
			t.Fatalf("first store's Has = %v, %v; want true", ok, err)
		}
		if err := a.Delete(ctx, k2); err != nil {
			t.Fatal(err)
		}
		if ok, err := b.Has(ctx, k2); err != nil || ok {
			t.Fatalf("Has after the other store's Delete = %v, %v; want false", ok, err)
		}
	})

	t.Run("delete", func(t *testing.T) {
		if err := a.Delete(ctx, key); err != nil {
			t.Fatal(err)
		}
		if ok, err := a.Has(ctx, key); err != nil || ok {
			t.Fatalf("Has after Delete = %v, %v; want false", ok, err)
		}
		if _, err := a.Get(ctx, key); !errors.Is(err, photos.ErrNoBlob) {
			t.Fatalf("Get after Delete error = %v, want ErrNoBlob", err)
		}
		if err := a.Delete(ctx, key); err != nil {
			t.Fatalf("second Delete = %v, want nil", err)
		}
	})

	t.Run("bad keys", func(t *testing.T) {
		bad := []string{
			"", "../x", "../" + key[3:], key[:63], key + "0", strings.ToUpper(key),
			key[:62] + "/x", key[:63] + "g", key[:2] + "/" + key[3:],
		}
		for _, k := range bad {
			if err := a.Put(ctx, k, photo, "image/jpeg"); err == nil {
				t.Errorf("Put(%q) took the key", k)
			}
			if _, err := a.Get(ctx, k); err == nil || errors.Is(err, photos.ErrNoBlob) {
				t.Errorf("Get(%q) error = %v, want a bad key", k, err)
			}
			if _, err := a.Has(ctx, k); err == nil {
				t.Errorf("Has(%q) took the key", k)
			}
			if err := a.Delete(ctx, k); err == nil {
				t.Errorf("Delete(%q) took the key", k)
			}
		}
	})
}

func TestDirBlobs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	testBlobs(t, func(*testing.T) photos.Blobs { return photos.NewDirBlobs(dir) })

	// The file is under a two-level fan-out, readable by all, and no
	// temporary file is left beside it.
	ctx := context.Background()
	data := []byte("a photo on disk")
	key := keyOf(data)
	if err := photos.NewDirBlobs(dir).Put(ctx, key, data, "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, key[:2], key))
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o644 {
		t.Errorf("mode = %v, want 0644", st.Mode().Perm())
	}
	entries, err := os.ReadDir(filepath.Join(dir, key[:2]))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("%s holds %d entries, want just the photo", filepath.Join(dir, key[:2]), len(entries))
	}
}

func TestS3Blobs(t *testing.T) {
	t.Parallel()
	cfg := s3test.Start(t)
	ctx := context.Background()
	testBlobs(t, func(t *testing.T) photos.Blobs {
		b, err := photos.NewS3Blobs(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		return b
	})

	t.Run("content type", func(t *testing.T) {
		b, err := photos.NewS3Blobs(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		png := []byte("\x89PNG\r\n\x1a\n not really a PNG")
		key := keyOf(png)
		if err := b.Put(ctx, key, png, "image/png"); err != nil {
			t.Fatal(err)
		}
		client, err := minio.New(cfg.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, "")})
		if err != nil {
			t.Fatal(err)
		}
		info, err := client.StatObject(ctx, cfg.Bucket, key, minio.StatObjectOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if info.ContentType != "image/png" || info.Size != int64(len(png)) {
			t.Errorf("object: content type %q, size %d; want image/png, %d", info.ContentType, info.Size, len(png))
		}
	})

	t.Run("prefix", func(t *testing.T) {
		pc := cfg
		pc.Prefix = "/originals/"
		b, err := photos.NewS3Blobs(ctx, pc)
		if err != nil {
			t.Fatal(err)
		}
		data := []byte("kept under a prefix")
		key := keyOf(data)
		if err := b.Put(ctx, key, data, "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		client, err := minio.New(cfg.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, "")})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := client.StatObject(ctx, cfg.Bucket, "originals/"+key, minio.StatObjectOptions{}); err != nil {
			t.Errorf("object originals/%s: %v", key, err)
		}
		if ok, _ := photos.Blobs(mustS3(t, cfg)).Has(ctx, key); ok {
			t.Error("a store with no prefix sees the prefixed object")
		}
	})

	t.Run("from env", func(t *testing.T) {
		// The bucket must exist: BlobsFromEnv does not make it.
		cfg := cfg
		cfg.Bucket += "-env"
		mustS3(t, cfg)
		env := func(m map[string]string) func(string) string {
			return func(k string) string { return m[k] }
		}
		b, desc, err := photos.BlobsFromEnv(ctx, env(map[string]string{
			"FORECOURT_PHOTOS_S3_ENDPOINT":   cfg.Endpoint,
			"FORECOURT_PHOTOS_S3_BUCKET":     cfg.Bucket,
			"FORECOURT_PHOTOS_S3_ACCESS_KEY": cfg.AccessKey,
			"FORECOURT_PHOTOS_S3_SECRET_KEY": cfg.SecretKey,
			"FORECOURT_PHOTOS_S3_SECURE":     "false",
			"FORECOURT_PHOTOS_S3_PREFIX":     "originals",
		}), t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := b.(*photos.S3Blobs); !ok {
			t.Fatalf("BlobsFromEnv with an S3 endpoint = %T, want *S3Blobs", b)
		}
		if want := "s3 http://" + cfg.Endpoint + "/" + cfg.Bucket + "/originals"; desc != want {
			t.Errorf("described %q, want %q", desc, want)
		}
		data := []byte("through the environment")
		if err := b.Put(ctx, keyOf(data), data, "image/jpeg"); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("missing bucket", func(t *testing.T) {
		mc := cfg
		mc.Bucket += "-missing"
		mc.CreateBucket = false
		if _, err := photos.NewS3Blobs(ctx, mc); err == nil || !strings.Contains(err.Error(), "does not exist") {
			t.Fatalf("NewS3Blobs on a missing bucket = %v, want does not exist", err)
		}
	})
}

func mustS3(t *testing.T, cfg photos.S3Config) *photos.S3Blobs {
	t.Helper()
	b, err := photos.NewS3Blobs(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestBlobsFromEnv(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env := func(m map[string]string) func(string) string {
		return func(k string) string { return m[k] }
	}

	t.Run("dir", func(t *testing.T) {
		data := t.TempDir()
		b, desc, err := photos.BlobsFromEnv(ctx, env(nil), data)
		if err != nil {
			t.Fatal(err)
		}
		d, ok := b.(*photos.DirBlobs)
		if !ok {
			t.Fatalf("BlobsFromEnv with no S3 endpoint = %T, want *DirBlobs", b)
		}
		want := filepath.Join(data, "photos", "originals")
		if d.Dir() != want || desc != "dir "+want {
			t.Errorf("dir %q, described %q; want %q", d.Dir(), desc, want)
		}
	})

	t.Run("incomplete", func(t *testing.T) {
		_, _, err := photos.BlobsFromEnv(ctx, env(map[string]string{
			"FORECOURT_PHOTOS_S3_ENDPOINT": "127.0.0.1:1",
			"FORECOURT_PHOTOS_S3_BUCKET":   "b",
		}), t.TempDir())
		if err == nil || !strings.Contains(err.Error(), "FORECOURT_PHOTOS_S3_ACCESS_KEY, FORECOURT_PHOTOS_S3_SECRET_KEY") {
			t.Fatalf("error = %v, want the missing variables named", err)
		}
		_, _, err = photos.BlobsFromEnv(ctx, env(map[string]string{
			"FORECOURT_PHOTOS_S3_ENDPOINT":   "127.0.0.1:1",
			"FORECOURT_PHOTOS_S3_BUCKET":     "b",
			"FORECOURT_PHOTOS_S3_ACCESS_KEY": "a",
			"FORECOURT_PHOTOS_S3_SECRET_KEY": "s",
			"FORECOURT_PHOTOS_S3_SECURE":     "maybe",
		}), t.TempDir())
		if err == nil || !strings.Contains(err.Error(), "FORECOURT_PHOTOS_S3_SECURE") {
			t.Fatalf("error = %v, want FORECOURT_PHOTOS_S3_SECURE refused", err)
		}
	})

}
