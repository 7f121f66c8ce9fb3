package photos

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Blobs keeps photo originals by key (a hex SHA-256 of the bytes).
type Blobs interface {
	// Put stores data under key; putting a key again is no error.
	Put(ctx context.Context, key string, data []byte, contentType string) error
	// Get returns the bytes kept under key, or ErrNoBlob.
	Get(ctx context.Context, key string) ([]byte, error)
	// Delete removes key; a key that is not there is no error.
	Delete(ctx context.Context, key string) error
	Has(ctx context.Context, key string) (bool, error)
}

// ErrNoBlob is Get's answer for a key nothing is kept under.
var ErrNoBlob = errors.New("photos: no such original")

// checkKey refuses anything but 64 lower-case hex digits, before any file
// or object name is made of it.
func checkKey(key string) error {
	if len(key) != 64 {
		return fmt.Errorf("photos: bad original key %q: not 64 hex digits", key)
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return fmt.Errorf("photos: bad original key %q: not lower-case hex", key)
		}
	}
	return nil
}

// DirBlobs keeps originals as files under one directory: key abcd… is
// dir/ab/abcd…. A file is written under a temporary name beside its place
// and renamed there, so a reader never sees half a photo.
type DirBlobs struct {
	dir string
}

// NewDirBlobs keeps originals under dir, made when the first is put.
func NewDirBlobs(dir string) *DirBlobs { return &DirBlobs{dir: dir} }

// Dir is the directory the originals are kept under.
func (d *DirBlobs) Dir() string { return d.dir }

func (d *DirBlobs) path(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return filepath.Join(d.dir, key[:2], key), nil
}

// Put writes the original unless it is already there (its name is its
// content's hash). The content type is not kept.
func (d *DirBlobs) Put(ctx context.Context, key string, data []byte, _ string) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if _, err := os.Stat(p); err == nil {
		return nil
	}
	sub := filepath.Dir(p)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return fmt.Errorf("photos: %w", err)
	}
	f, err := os.CreateTemp(sub, ".tmp-"+key[:8]+"-*")
	if err != nil {
		return fmt.Errorf("photos: %w", err)
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("photos: writing original: %w", err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fmt.Errorf("photos: %w", err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("photos: writing original: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("photos: writing original: %w", err)
	}
	if err := os.Rename(tmp, p); err != nil {
		return fmt.Errorf("photos: %w", err)
	}
	ok = true
	return nil
}

// Get reads the original, or answers ErrNoBlob.
func (d *DirBlobs) Get(ctx context.Context, key string) ([]byte, error) {
	p, err := d.path(key)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNoBlob
	}
	if err != nil {
		return nil, fmt.Errorf("photos: %w", err)
	}
	return b, nil
}

// Delete removes the original; one that is not there is no error.
func (d *DirBlobs) Delete(ctx context.Context, key string) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("photos: %w", err)
	}
	return nil
}

// Has reports whether the original is there.
func (d *DirBlobs) Has(ctx context.Context, key string) (bool, error) {
	p, err := d.path(key)
	if err != nil {
		return false, err
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	_, err = os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("photos: %w", err)
	}
	return true, nil
}

// S3Config names a bucket on an S3-compatible server.
type S3Config struct {
	// Endpoint is host:port. A URL (http://host:port) is taken too, and
	// then its scheme decides Secure.
	Endpoint string
	Bucket   string
	// AccessKey and SecretKey sign the requests (AWS signature V4).
	AccessKey, SecretKey string
	// Region is the bucket's region; empty lets the client ask the server.
	Region string
	// Prefix goes before each key's object name ("photos" keeps key k as
	// photos/k), so the bucket can hold other things too.
	Prefix string
	// Secure speaks HTTPS; false is plain HTTP.
	Secure bool
	// CreateBucket makes the bucket when it is not there yet; otherwise a
	// missing bucket is an error.
	CreateBucket bool
}

// S3Blobs keeps originals as objects in a bucket, so every node that
// names the same bucket serves every photo.
type S3Blobs struct {
	client *minio.Client
	bucket string
	prefix string
	desc   string
}

// NewS3Blobs connects to the bucket and checks that it is there (making
// it when cfg.CreateBucket is set).
func NewS3Blobs(ctx context.Context, cfg S3Config) (*S3Blobs, error) {
	endpoint, secure := cfg.Endpoint, cfg.Secure
	if strings.Contains(endpoint, "://") {
		u, err := url.Parse(endpoint)
		if err != nil {
			return nil, fmt.Errorf("photos: S3 endpoint %q: %w", endpoint, err)
		}
		switch u.Scheme {
		case "http":
			secure = false
		case "https":
			secure = true
		default:
			return nil, fmt.Errorf("photos: S3 endpoint %q: scheme is neither http nor https", endpoint)
		}
		if u.Path != "" && u.Path != "/" {
			return nil, fmt.Errorf("photos: S3 endpoint %q: a path is not taken (name the bucket apart)", endpoint)
		}
		endpoint = u.Host
	}
	if endpoint == "" {
		return nil, errors.New("photos: S3 endpoint is empty")
	}
	if cfg.Bucket == "" {
		return nil, errors.New("photos: S3 bucket is empty")
	}
	client, err := minio.New(endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: secure,
		Region: cfg.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("photos: S3 endpoint %q: %w", endpoint, err)
	}
	scheme := "https"
	if !secure {
		scheme = "http"
	}
	prefix := strings.Trim(cfg.Prefix, "/")
	desc := scheme + "://" + endpoint + "/" + cfg.Bucket
	if prefix != "" {
		desc += "/" + prefix
		prefix += "/"
	}
	b := &S3Blobs{client: client, bucket: cfg.Bucket, prefix: prefix, desc: desc}
	exists, err := client.BucketExists(ctx, cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("photos: S3 bucket %s: %w", desc, err)
	}
	if exists {
		return b, nil
	}
	if !cfg.CreateBucket {
		return nil, fmt.Errorf("photos: S3 bucket %s does not exist", desc)
	}
	if err := client.MakeBucket(ctx, cfg.Bucket, minio.MakeBucketOptions{Region: cfg.Region}); err != nil {
		// Another node may have made it meanwhile.
		code := minio.ToErrorResponse(err).Code
		if code != "BucketAlreadyOwnedByYou" && code != "BucketAlreadyExists" {
			return nil, fmt.Errorf("photos: making S3 bucket %s: %w", desc, err)
		}
	}
	return b, nil
}

// String names the bucket: scheme://host:port/bucket[/prefix].
func (b *S3Blobs) String() string { return b.desc }

func (b *S3Blobs) object(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return b.prefix + key, nil
}

// notFound reports whether err says the object is not there (a missing
// bucket is not that: it is an error).
func notFound(err error) bool {
	var resp minio.ErrorResponse
	if !errors.As(err, &resp) {
		return false
	}
	return resp.Code == minio.NoSuchKey
}

// Put uploads the original with its content type (application/octet-stream
// when empty). Putting the same key again writes the same bytes again.
func (b *S3Blobs) Put(ctx context.Context, key string, data []byte, contentType string) error {
	name, err := b.object(key)
	if err != nil {
		return err
	}
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	_, err = b.client.PutObject(ctx, b.bucket, name, bytes.NewReader(data), int64(len(data)),
		minio.PutObjectOptions{ContentType: contentType, DisableMultipart: true})
	if err != nil {
		return fmt.Errorf("photos: storing original %s in %s: %w", key, b.desc, err)
	}
	return nil
}

// Get downloads the original, or answers ErrNoBlob.
func (b *S3Blobs) Get(ctx context.Context, key string) ([]byte, error) {
	name, err := b.object(key)
	if err != nil {
		return nil, err
	}
	obj, err := b.client.GetObject(ctx, b.bucket, name, minio.GetObjectOptions{})
	if err == nil {
		defer obj.Close()
		var data []byte
		data, err = io.ReadAll(obj)
		if err == nil {
			return data, nil
		}
	}
	if notFound(err) {
		return nil, ErrNoBlob
	}
	return nil, fmt.Errorf("photos: reading original %s from %s: %w", key, b.desc, err)
}

// Delete removes the original; one that is not there is no error.
func (b *S3Blobs) Delete(ctx context.Context, key string) error {
	name, err := b.object(key)
	if err != nil {
		return err
	}
	err = b.client.RemoveObject(ctx, b.bucket, name, minio.RemoveObjectOptions{})
	if err != nil && !notFound(err) {
		return fmt.Errorf("photos: deleting original %s from %s: %w", key, b.desc, err)
	}
	return nil
}

// Has reports whether the original is in the bucket.
func (b *S3Blobs) Has(ctx context.Context, key string) (bool, error) {
	name, err := b.object(key)
	if err != nil {
		return false, err
	}
	_, err = b.client.StatObject(ctx, b.bucket, name, minio.StatObjectOptions{})
	if notFound(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("photos: looking for original %s in %s: %w", key, b.desc, err)
	}
	return true, nil
}

// BlobsFromEnv picks where the originals are kept. With
// FORECOURT_PHOTOS_S3_ENDPOINT set it is a bucket every node shares:
// FORECOURT_PHOTOS_S3_BUCKET, FORECOURT_PHOTOS_S3_ACCESS_KEY and
// FORECOURT_PHOTOS_S3_SECRET_KEY are then needed too, and
// FORECOURT_PHOTOS_S3_REGION and FORECOURT_PHOTOS_S3_PREFIX may be given;
// FORECOURT_PHOTOS_S3_SECURE=false speaks plain HTTP. The bucket must
// exist. Otherwise it is the directory dataDir/photos/originals, for one
// node. The string describes the choice for the log ("s3
// http://host:port/bucket" or "dir data/photos/originals").
func BlobsFromEnv(ctx context.Context, getenv func(string) string, dataDir string) (Blobs, string, error) {
	endpoint := strings.TrimSpace(getenv("FORECOURT_PHOTOS_S3_ENDPOINT"))
	if endpoint == "" {
		dir := filepath.Join(dataDir, "photos", "originals")
		return NewDirBlobs(dir), "dir " + dir, nil
	}
	cfg := S3Config{
		Endpoint:  endpoint,
		Bucket:    strings.TrimSpace(getenv("FORECOURT_PHOTOS_S3_BUCKET")),
		AccessKey: getenv("FORECOURT_PHOTOS_S3_ACCESS_KEY"),
		SecretKey: getenv("FORECOURT_PHOTOS_S3_SECRET_KEY"),
		Region:    strings.TrimSpace(getenv("FORECOURT_PHOTOS_S3_REGION")),
		Prefix:    strings.TrimSpace(getenv("FORECOURT_PHOTOS_S3_PREFIX")),
		Secure:    true,
	}
	var missing []string
	for _, v := range []struct{ name, value string }{
		{"FORECOURT_PHOTOS_S3_BUCKET", cfg.Bucket},
		{"FORECOURT_PHOTOS_S3_ACCESS_KEY", cfg.AccessKey},
		{"FORECOURT_PHOTOS_S3_SECRET_KEY", cfg.SecretKey},
	} {
		if v.value == "" {
			missing = append(missing, v.name)
		}
	}
	if len(missing) > 0 {
		return nil, "", fmt.Errorf("photos: FORECOURT_PHOTOS_S3_ENDPOINT is set, so %s must be too", strings.Join(missing, ", "))
	}
	if s := strings.TrimSpace(getenv("FORECOURT_PHOTOS_S3_SECURE")); s != "" {
		secure, err := strconv.ParseBool(s)
		if err != nil {
			return nil, "", fmt.Errorf("photos: FORECOURT_PHOTOS_S3_SECURE=%q: want true or false", s)
		}
		cfg.Secure = secure
	}
	b, err := NewS3Blobs(ctx, cfg)
	if err != nil {
		return nil, "", err
	}
	return b, "s3 " + b.String(), nil
}
