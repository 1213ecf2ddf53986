-- MEDIA_STORE=s3 keeps an image's bytes in the bucket and only its description here.
ALTER TABLE "media" ALTER COLUMN "data" DROP NOT NULL;
