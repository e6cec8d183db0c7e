from django.urls import path

from games import views

urlpatterns = [
    path("<int:table_id>/", views.table_page, name="table"),
    path("<int:table_id>/record.json", views.record, name="table_record"),
    path("<int:table_id>/record-<slug:export>.json", views.record_export, name="table_record_export"),
]
